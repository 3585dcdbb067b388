// The `stopword` package ships no types. Its ES module build exports each list by ISO 639-3 code
// (an array of lower-case words); only the lists memfiles reads are declared.
declare module "stopword/dist/stopword.esm.mjs" {
  export const ara: string[];
  export const dan: string[];
  export const deu: string[];
  export const eng: string[];
  export const fra: string[];
  export const ita: string[];
  export const jpn: string[];
  export const kor: string[];
  export const nld: string[];
  export const nob: string[];
  export const pol: string[];
  export const por: string[];
  export const rus: string[];
  export const spa: string[];
  export const swe: string[];
  export const ukr: string[];
  export const zho: string[];
}
