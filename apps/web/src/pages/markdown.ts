/** A small Markdown renderer for our own rule documents: headings, lists, tables, emphasis, code, images, links. Everything is escaped first. */
const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const inline = (s: string): string =>
  esc(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_, alt: string, src: string) =>
      /^(https?:|\.{0,2}\/|[\w-]+\.svg$)/.test(src) ? `<img alt="${alt}" src="${src}">` : alt,
    )
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text: string, href: string) =>
      /^(https?:|#)/.test(href) ? `<a href="${href}">${text}</a>` : text,
    );

export const renderMarkdown = (md: string): string => {
  const out: string[] = [];
  const lines = md.replace(/\r\n/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      const level = Math.min(h[1]!.length + 1, 6);
      out.push(`<h${level}>${inline(h[2]!)}</h${level}>`);
      i++;
    } else if (/^\s*[-*]\s+/.test(line)) {
      out.push('<ul>');
      while (i < lines.length && /^\s*[-*]\s+/.test(lines[i]!))
        out.push(`<li>${inline(lines[i++]!.replace(/^\s*[-*]\s+/, ''))}</li>`);
      out.push('</ul>');
    } else if (/^\s*\d+\.\s+/.test(line)) {
      out.push('<ol>');
      while (i < lines.length && /^\s*\d+\.\s+/.test(lines[i]!))
        out.push(`<li>${inline(lines[i++]!.replace(/^\s*\d+\.\s+/, ''))}</li>`);
      out.push('</ol>');
    } else if (/^\|/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\|/.test(lines[i]!)) {
        const cells = lines[i++]!.replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
      }
      out.push('<div class="table"><table>');
      rows.forEach((r, k) => {
        const tag = k === 0 ? 'th' : 'td';
        out.push(`<tr>${r.map((c) => `<${tag}>${inline(c)}</${tag}>`).join('')}</tr>`);
      });
      out.push('</table></div>');
    } else if (/^```/.test(line)) {
      i++;
      const code: string[] = [];
      while (i < lines.length && !/^```/.test(lines[i]!)) code.push(esc(lines[i++]!));
      i++;
      out.push(`<pre><code>${code.join('\n')}</code></pre>`);
    } else if (line.trim() === '') {
      i++;
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||```|\s*[-*]\s|\s*\d+\.\s)/.test(lines[i]!))
        para.push(lines[i++]!);
      out.push(`<p>${inline(para.join(' '))}</p>`);
    }
  }
  return out.join('\n');
};
