// The playground's interface texts in the site's two languages. Diagnostics stay in OpenTofu's
// words (English), as `tofu` prints them.

export type Lang = "en" | "ru";

export interface Messages {
  readonly modeValue: string;
  readonly modeModule: string;
  readonly presets: string;
  readonly presetNames: Readonly<Record<string, string>>;
  readonly typeEditor: string;
  readonly valueEditor: string;
  readonly variablesEditor: string;
  readonly tfvarsEditor: string;
  readonly result: string;
  readonly diagnostics: string;
  readonly noDiagnostics: string;
  readonly json: string;
  readonly typeString: string;
  readonly defaults: string;
  readonly noDefaults: string;
  readonly share: string;
  readonly hostTitle: string;
  readonly hostHint: string;
  readonly hostComparison: string;
  readonly hostDisplay: string;
  readonly hostVariable: string;
  readonly hostNoVariable: string;
  readonly timing: (ms: string) => string;
  readonly modeAddress: string;
  readonly addressSource: string;
  readonly addressKind: string;
  readonly addressModule: string;
  readonly addressModuleVersioned: string;
  readonly addressProvider: string;
  readonly addressConstraint: string;
  readonly addressEngine: string;
  readonly addressVersions: string;
  readonly addressAllowed: string;
  readonly addressNotAllowed: string;
}

export const messages: Readonly<Record<Lang, Messages>> = {
  en: {
    modeValue: "Type and value",
    modeModule: "Module",
    presets: "Examples",
    presetNames: {
      buckets: "Buckets (the CLI's example)",
      validation: "A validation rule",
      "module-call": "A module call (the CLI's example)",
      "conversion-error": "A conversion error",
      "set-of-strings": "A set of strings",
    },
    typeEditor: "Type constraint",
    valueEditor: "Value (HCL)",
    variablesEditor: "variables.tf, or a module tree: each file after a line # file: PATH",
    tfvarsEditor: "terraform.tfvars",
    result: "tofu console",
    diagnostics: "Diagnostics",
    noDiagnostics: "No diagnostics.",
    json: "cty JSON",
    typeString: "Type",
    defaults: "Defaults",
    noDefaults: "No optional attribute has a default.",
    share: "The address of this page holds what you typed: copy it to share.",
    hostTitle: "Hostnames and TF_TOKEN_ names",
    hostHint: "A service hostname (with an optional :port) or a TF_TOKEN_… variable name",
    hostComparison: "For comparison",
    hostDisplay: "For display",
    hostVariable: "Token variable",
    hostNoVariable: "no TF_TOKEN_ variable can address this host",
    timing: (ms) => `checked in ${ms} ms`,
    modeAddress: "Addresses and versions",
    addressSource: "Source address",
    addressKind: "What the address is",
    addressModule: "module",
    addressModuleVersioned: "module with version",
    addressProvider: "provider",
    addressConstraint: "Version constraint",
    addressEngine: "Whose constraint",
    addressVersions: "Versions to test (separated by spaces)",
    addressAllowed: "allowed",
    addressNotAllowed: "not allowed",
  },
  ru: {
    modeValue: "Тип и значение",
    modeModule: "Модуль",
    presets: "Примеры",
    presetNames: {
      buckets: "Бакеты (пример из CLI)",
      validation: "Правило проверки",
      "module-call": "Вызов модуля (пример из CLI)",
      "conversion-error": "Ошибка преобразования",
      "set-of-strings": "Множество строк",
    },
    typeEditor: "Ограничение типа",
    valueEditor: "Значение (HCL)",
    variablesEditor: "variables.tf или дерево модулей: каждый файл после строки # file: ПУТЬ",
    tfvarsEditor: "terraform.tfvars",
    result: "tofu console",
    diagnostics: "Диагностика",
    noDiagnostics: "Замечаний нет.",
    json: "cty JSON",
    typeString: "Тип",
    defaults: "Значения по умолчанию",
    noDefaults: "Ни у одного необязательного атрибута нет значения по умолчанию.",
    share: "Адрес страницы хранит введённое: скопируйте его, чтобы поделиться.",
    hostTitle: "Имена хостов и переменные TF_TOKEN_",
    hostHint: "Имя хоста службы (можно с :портом) или имя переменной TF_TOKEN_…",
    hostComparison: "Для сравнения",
    hostDisplay: "Для показа",
    hostVariable: "Переменная токена",
    hostNoVariable: "ни одна переменная TF_TOKEN_ не задаёт этот хост",
    timing: (ms) => `проверено за ${ms} мс`,
    modeAddress: "Адреса и версии",
    addressSource: "Адрес источника",
    addressKind: "Что это за адрес",
    addressModule: "модуль",
    addressModuleVersioned: "модуль с версией",
    addressProvider: "провайдер",
    addressConstraint: "Ограничение версий",
    addressEngine: "Чьё ограничение",
    addressVersions: "Проверяемые версии (через пробел)",
    addressAllowed: "подходит",
    addressNotAllowed: "не подходит",
  },
};
