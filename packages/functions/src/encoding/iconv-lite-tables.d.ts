// Types of the iconv-lite data files the text codecs read (plain tables; no codec code).
declare module "iconv-lite/encodings/sbcs-data-generated.js" {
  const tables: Readonly<Record<string, string | { readonly type: string; readonly chars: string }>>;
  export default tables;
}
