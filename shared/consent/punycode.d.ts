// punycode.js ships no types; this is the part of its API that shared/ uses.
declare module 'punycode.js' {
  const punycode: {
    /** Decodes each `xn--` label of a domain name; other labels pass through. */
    toUnicode(domain: string): string;
    toASCII(domain: string): string;
  };
  export default punycode;
}
