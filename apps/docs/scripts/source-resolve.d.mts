export declare const conditions: string[];
export declare const alias: Record<string, string>;
export declare const sourceResolve: {
  resolve: { conditions: string[]; alias: Record<string, string> };
  ssr: { resolve: { conditions: string[] } };
};
