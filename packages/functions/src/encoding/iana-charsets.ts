// The character sets textencodebase64 and textdecodebase64 accept: the IANA names and aliases
// that golang.org/x/text's ianaindex maps to an encoding (matched case-insensitively), each with
// its IANA name (used in messages) and how tofukit codes it. Generated from ianaindex's table.

/** How a character set is coded: "ascii", a UTF, "sbcs:<iconv-lite table>", "dbcs:<WHATWG label>", or null where tofukit has no codec. */
type CharsetCodec = string | null;

interface Charset {
  readonly name: string;
  readonly codec: CharsetCodec;
}

const CHARSETS: readonly (readonly [name: string, codec: CharsetCodec, aliases: string])[] = [
  [
    "US-ASCII",
    "ascii",
    "ansi_x3.4-1968 ansi_x3.4-1986 cp367 csascii ibm367 iso-ir-6 iso646-us iso_646.irv:1991 us us-ascii",
  ],
  ["UTF-8", "utf-8", "csutf8 utf-8"],
  ["UTF-16", "utf-16", "csutf16 utf-16"],
  ["UTF-16BE", "utf-16be", "csutf16be utf-16be"],
  ["UTF-16LE", "utf-16le", "csutf16le utf-16le"],
  ["IBM037", null, "cp037 csibm037 ebcdic-cp-ca ebcdic-cp-nl ebcdic-cp-us ebcdic-cp-wt ibm037"],
  ["IBM437", "sbcs:cp437", "437 cp437 cspc8codepage437 ibm437"],
  ["IBM850", "sbcs:cp850", "850 cp850 cspc850multilingual ibm850"],
  ["IBM852", "sbcs:cp852", "852 cp852 cspcp852 ibm852"],
  ["IBM855", "sbcs:cp855", "855 cp855 csibm855 ibm855"],
  ["IBM00858", "sbcs:cp858", "ccsid00858 cp00858 csibm00858 ibm00858 pc-multilingual-850+euro"],
  ["IBM860", "sbcs:cp860", "860 cp860 csibm860 ibm860"],
  ["IBM862", "sbcs:cp862", "862 cp862 cspc862latinhebrew ibm862"],
  ["IBM863", "sbcs:cp863", "863 cp863 csibm863 ibm863"],
  ["IBM865", "sbcs:cp865", "865 cp865 csibm865 ibm865"],
  ["IBM866", "sbcs:cp866", "866 cp866 csibm866 ibm866"],
  ["IBM1047", null, "csibm1047 ibm-1047 ibm1047"],
  ["IBM01140", null, "ccsid01140 cp01140 csibm01140 ebcdic-us-37+euro ibm01140"],
  [
    "ISO_8859-1:1987",
    "sbcs:iso88591",
    "cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso_8859-1 iso_8859-1:1987 l1 latin1",
  ],
  [
    "ISO_8859-2:1987",
    "sbcs:iso88592",
    "csisolatin2 iso-8859-2 iso-ir-101 iso_8859-2 iso_8859-2:1987 l2 latin2",
  ],
  [
    "ISO_8859-3:1988",
    "sbcs:iso88593",
    "csisolatin3 iso-8859-3 iso-ir-109 iso_8859-3 iso_8859-3:1988 l3 latin3",
  ],
  [
    "ISO_8859-4:1988",
    "sbcs:iso88594",
    "csisolatin4 iso-8859-4 iso-ir-110 iso_8859-4 iso_8859-4:1988 l4 latin4",
  ],
  [
    "ISO_8859-5:1988",
    "sbcs:iso88595",
    "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso_8859-5 iso_8859-5:1988",
  ],
  [
    "ISO_8859-6:1987",
    "sbcs:iso88596",
    "arabic asmo-708 csisolatinarabic ecma-114 iso-8859-6 iso-ir-127 iso_8859-6 iso_8859-6:1987",
  ],
  ["ISO_8859-6-E", "sbcs:iso88596", "csiso88596e iso-8859-6-e iso_8859-6-e"],
  ["ISO_8859-6-I", "sbcs:iso88596", "csiso88596i iso-8859-6-i iso_8859-6-i"],
  [
    "ISO_8859-7:1987",
    "sbcs:iso88597",
    "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso_8859-7 iso_8859-7:1987",
  ],
  [
    "ISO_8859-8:1988",
    "sbcs:iso88598",
    "csisolatinhebrew hebrew iso-8859-8 iso-ir-138 iso_8859-8 iso_8859-8:1988",
  ],
  ["ISO_8859-8-E", "sbcs:iso88598", "csiso88598e iso-8859-8-e iso_8859-8-e"],
  ["ISO_8859-8-I", "sbcs:iso88598", "csiso88598i iso-8859-8-i iso_8859-8-i"],
  [
    "ISO_8859-9:1989",
    "sbcs:iso88599",
    "csisolatin5 iso-8859-9 iso-ir-148 iso_8859-9 iso_8859-9:1989 l5 latin5",
  ],
  ["ISO-8859-10", "sbcs:iso885910", "csisolatin6 iso-8859-10 iso-ir-157 iso_8859-10:1992 l6 latin6"],
  ["ISO-8859-13", "sbcs:iso885913", "csiso885913 iso-8859-13"],
  [
    "ISO-8859-14",
    "sbcs:iso885914",
    "csiso885914 iso-8859-14 iso-celtic iso-ir-199 iso_8859-14 iso_8859-14:1998 l8 latin8",
  ],
  ["ISO-8859-15", "sbcs:iso885915", "csiso885915 iso-8859-15 iso_8859-15 latin-9"],
  [
    "ISO-8859-16",
    "sbcs:iso885916",
    "csiso885916 iso-8859-16 iso-ir-226 iso_8859-16 iso_8859-16:2001 l10 latin10",
  ],
  ["KOI8-R", "sbcs:koi8r", "cskoi8r koi8-r"],
  ["KOI8-U", "sbcs:koi8u", "cskoi8u koi8-u"],
  ["macintosh", "sbcs:macintosh", "csmacintosh mac macintosh"],
  ["windows-874", "sbcs:windows874", "cswindows874 windows-874"],
  ["windows-1250", "sbcs:windows1250", "cswindows1250 windows-1250"],
  ["windows-1251", "sbcs:windows1251", "cswindows1251 windows-1251"],
  ["windows-1252", "sbcs:windows1252", "cswindows1252 windows-1252"],
  ["windows-1253", "sbcs:windows1253", "cswindows1253 windows-1253"],
  ["windows-1254", "sbcs:windows1254", "cswindows1254 windows-1254"],
  ["windows-1255", "sbcs:windows1255", "cswindows1255 windows-1255"],
  ["windows-1256", "sbcs:windows1256", "cswindows1256 windows-1256"],
  ["windows-1257", "sbcs:windows1257", "cswindows1257 windows-1257"],
  ["windows-1258", "sbcs:windows1258", "cswindows1258 windows-1258"],
  [
    "Extended_UNIX_Code_Packed_Format_for_Japanese",
    "dbcs:euc-jp",
    "cseucpkdfmtjapanese euc-jp extended_unix_code_packed_format_for_japanese",
  ],
  ["ISO-2022-JP", "dbcs:iso-2022-jp", "csiso2022jp iso-2022-jp"],
  ["Shift_JIS", "dbcs:shift_jis", "csshiftjis ms_kanji shift_jis"],
  ["EUC-KR", "dbcs:euc-kr", "cseuckr euc-kr"],
  ["GB18030", "dbcs:gb18030", "csgb18030 gb18030"],
  ["GBK", "dbcs:gbk", "cp936 csgbk gbk ms936 windows-936"],
  ["HZ-GB-2312", null, "hz-gb-2312"],
  ["Big5", "dbcs:big5", "big5 csbig5"],
];

let byAlias: Map<string, Charset> | undefined;

/** The character set of an IANA name or alias (surrounding spaces ignored, as ianaindex does), or undefined. */
export function charsetByName(given: string): Charset | undefined {
  if (byAlias === undefined) {
    byAlias = new Map();
    for (const [name, codec, aliases] of CHARSETS) {
      const charset = { name, codec };
      for (const alias of aliases.split(" ")) byAlias.set(alias, charset);
    }
  }
  return byAlias.get(given.trim().toLowerCase());
}
