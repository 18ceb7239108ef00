// The packages' one-line descriptions in Russian, for the Russian reference pages (package.json
// holds the English ones). A package missing here shows its English description.
export const descriptionsRu: Readonly<Record<string, string>> = {
  hostname: "Имена хостов так, как их нормализует OpenTofu: UTS #46, формы для показа, порты.",
  cty: "Модель значений OpenTofu: типы, значения, точные числа, порядок множеств, cty JSON, вывод как в tofu console.",
  hcl: "Нативный синтаксис HCL: лексер, парсер с диапазонами в исходном тексте, диагностика, вычисление констант.",
  convert:
    "Преобразование типов OpenTofu: convert, унификация и значения по умолчанию необязательных атрибутов.",
  typeexpr: "Ограничения типов переменных OpenTofu: разбор, значения по умолчанию и строки типов.",
  functions:
    "Встроенные функции OpenTofu над значениями cty: чистые, работают в браузере, файлы, часы и случайность подставляются извне.",
  config: "Входные переменные модуля так, как OpenTofu их загружает, собирает, преобразует и проверяет.",
  registry:
    "Адреса источников модулей и провайдеров OpenTofu, ограничения версий (оба движка) и файл блокировок зависимостей.",
  schema: "JSON Schema и типы TypeScript для ограничений типов и входных данных модулей.",
  credentials:
    "Учётные данные OpenTofu: переменные TF_TOKEN_*, конфигурация CLI, программы-помощники, безопасное хранение.",
  disco: "Клиент удалённого обнаружения служб OpenTofu на undici.",
};
