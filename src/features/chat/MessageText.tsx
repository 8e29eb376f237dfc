// Text from other people rendered as text only; detected links are http(s) and open safely in a new tab.
import { Fragment } from 'react';
import { linkify } from './linkify.ts';

export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
