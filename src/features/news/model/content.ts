// News content arrives as HTML written by an administrator. It is shown as text: parsed into an inert document
// (nothing in it runs or loads), its paragraphs and line breaks kept as line breaks, everything else as plain text.
const blocks = 'p,div,li,h1,h2,h3,h4,h5,h6,tr,blockquote,pre';

export function newsPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script,style,template').forEach((element) => element.remove());
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  doc.querySelectorAll(blocks).forEach((element) => element.append('\n'));
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
