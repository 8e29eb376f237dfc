/** generated/realtime/index.ts: destination builders and the notification and topic type lists. */
import type { Contract } from '../load/contract.ts';
import { commentText, render } from './render.ts';

/** `/queue/{mqSysName}.{accountId}` → the body of a template literal with `${mqSysName}` slots. */
function templateOf(pattern: string): string {
  return pattern.replace(/[`\\]|\$(?=\{)/g, (c) => `\\${c}`).replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '${$1}');
}

export function emitRealtime(contract: Contract): Map<string, string> {
  const { destinations, notifyTypes, topicTypes } = contract.realtime;
  const view = destinations.map((d) => ({
    ...d,
    template: templateOf(d.pattern),
    comment: commentText(`${d.description || d.name} \`${d.pattern}\`${d.socket ? ` on ${d.socket}` : ''}.`),
  }));
  return new Map([
    ['realtime/index.ts', render('realtime.ts', { destinations: view, notifyTypes: [...notifyTypes], topicTypes: [...topicTypes] })],
  ]);
}
