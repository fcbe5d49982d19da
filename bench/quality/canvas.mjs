import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A thin drawing surface over pdf-lib: pages, fonts, left/right-aligned text, wrapping. */
export async function createCanvas(random, { landscape = false } = {}) {
  const pdf = await PDFDocument.create();
  const family = random.pick([
    [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
    [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
    [StandardFonts.Courier, StandardFonts.CourierBold],
  ]);
  const regular = await pdf.embedFont(family[0]);
  const bold = await pdf.embedFont(family[1]);
  const size = landscape
    ? random.pick([
        [792, 612],
        [960, 540],
        [842, 595],
      ])
    : random.pick([
        [612, 792],
        [595, 842],
      ]);
  let page = null;
  const canvas = {
    pdf,
    width: size[0],
    height: size[1],
    y: 0,
    newPage() {
      page = pdf.addPage(size);
      canvas.y = size[1] - random.int(40, 70);
      return page;
    },
    widthOf(text, fontSize, isBold = false) {
      return (isBold ? bold : regular).widthOfTextAtSize(text, fontSize);
    },
    text(text, x, fontSize, { isBold = false, align = 'left', y = canvas.y } = {}) {
      const width = canvas.widthOf(text, fontSize, isBold);
      const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
      page.drawText(text, { x: left, y, size: fontSize, font: isBold ? bold : regular });
    },
    /** Draws a paragraph wrapped to the width; returns nothing, moves the cursor. */
    paragraph(text, x, fontSize, maxWidth, leading = fontSize * 1.35) {
      const words = text.split(' ');
      let line = '';
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (canvas.widthOf(candidate, fontSize) > maxWidth && line) {
          canvas.line(line, x, fontSize, leading);
          line = word;
        } else line = candidate;
      }
      if (line) canvas.line(line, x, fontSize, leading);
    },
    line(text, x, fontSize, leading = fontSize * 1.4, options = {}) {
      if (canvas.y < 50) canvas.newPage();
      canvas.text(text, x, fontSize, options);
      canvas.y -= leading;
    },
    async save() {
      return pdf.save();
    },
  };
  return canvas;
}
