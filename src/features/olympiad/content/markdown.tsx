import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The small text format of the olympiad's pages, rendered as React elements
 * (never as HTML, so an edited page cannot inject markup): `## `/`### `
 * headings, `- ` and `1. ` lists, `**bold**`, `[text](link)`, paragraphs
 * separated by blank lines. Links go to this site, to https or to mailto.
 */
type Block = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const list = /^(-|\d+\.)\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (line.startsWith('### ')) {
      flush();
      blocks.push({ kind: 'h3', text: line.slice(4) });
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'h2', text: line.slice(3) });
    } else if (list) {
      flush();
      const kind = list[1] === '-' ? 'ul' : 'ol';
      const last = blocks[blocks.length - 1];
      if (last && last.kind === kind) last.items.push(list[2]);
      else blocks.push({ kind, items: [list[2]] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    const bold = /^\*\*([^*]+)\*\*$/.exec(part);
    if (bold) return <strong key={index}>{bold[1]}</strong>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (!link) return <Fragment key={index}>{part}</Fragment>;
    const [, label, href] = link;
    // Files (the PDFs) are not screens of the SPA: a plain link opens them.
    if (href.startsWith('/') && !href.startsWith('//') && !/\.[a-z0-9]+$/i.test(href)) {
      return (
        <Link key={index} to={href}>
          {label}
        </Link>
      );
    }
    if (href.startsWith('/') && !href.startsWith('//')) {
      return (
        <a key={index} href={href} target="_blank" rel="noopener">
          {label}
        </a>
      );
    }
    if (/^(https:\/\/|mailto:)/i.test(href)) {
      return (
        <a key={index} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    }
    return <Fragment key={index}>{label}</Fragment>;
  });
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'h2':
      return <h2 key={key}>{inline(block.text)}</h2>;
    case 'h3':
      return <h3 key={key}>{inline(block.text)}</h3>;
    case 'p':
      return <p key={key}>{inline(block.text)}</p>;
    case 'ul':
    case 'ol': {
      const List = block.kind;
      return (
        <List key={key}>
          {block.items.map((item, index) => (
            <li key={index}>{inline(item)}</li>
          ))}
        </List>
      );
    }
  }
}

/** With `foldQuestions`, every `### ` heading and what follows it becomes a question that opens (the FAQ). */
export function Markdown({ source, foldQuestions = false }: { source: string; foldQuestions?: boolean }) {
  const blocks = parseBlocks(source);
  if (!foldQuestions) return <div className="olympiad-text">{blocks.map(renderBlock)}</div>;
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== 'h3') {
      out.push(renderBlock(block, i));
      continue;
    }
    const answer: Block[] = [];
    while (i + 1 < blocks.length && blocks[i + 1].kind !== 'h3' && blocks[i + 1].kind !== 'h2') answer.push(blocks[++i]);
    out.push(
      <details key={i} className="faq-item">
        <summary>{inline(block.text)}</summary>
        {answer.map((part, index) => renderBlock(part, index))}
      </details>,
    );
  }
  return <div className="olympiad-text">{out}</div>;
}
