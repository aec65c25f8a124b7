// fontverter ships no types; the one call the font checks use.
declare module "fontverter" {
  const fontverter: {
    convert(font: Uint8Array, to: "sfnt" | "truetype" | "woff" | "woff2"): Promise<Uint8Array>;
  };
  export default fontverter;
}
