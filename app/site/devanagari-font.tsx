/**
 * The self-hosted Devanagari font, declared only on pages that show Devanagari (the Marathi pages and the
 * Hindi, Marathi and Sanskrit papers): English pages never download it. `swap` shows the text at once in the
 * phone's own font and switches when the font arrives; the preload starts that download with the HTML.
 * The file has the regular weight only and is declared as exactly that (400): the browser then draws headings,
 * buttons and scores in a synthesised bold. Declared as 100-900 it claimed every weight, and bold vanished.
 */
export function DevanagariFont({ url }: { url: string }) {
  return (
    <>
      <link rel="preload" href={url} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style>{`@font-face{font-family:"PS Devanagari";src:url(${url}) format("woff2");font-weight:400;font-style:normal;font-display:swap}`}</style>
    </>
  );
}
