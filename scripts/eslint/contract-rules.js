// Rules that keep the contract written once, in schema/ (see docs/client-core.md, "One data-access convention"):
//   no-destination-literal: a STOMP destination (`/topic/`, `/queue/`, `/app/`) spelled in a string or template;
//     generated/realtime builds and parses them (`roomTopic(id)`, `sendDestination.healthCheckEcho()`). A statement
//     that checks the literal wire format on purpose says why in a `contract-literal: <why>` comment above it.
//   no-query-key-literal: a `queryKey` or `mutationKey` written as an array literal; the generated key factories
//     (`queryKeys.rooms.getRoomList(body)`, `roomsKeys.getRoomListInfinite(body)`) and options carry the keys.
const DESTINATION = /\/(topic|queue|app)\//;
const MARKER = /contract-literal:\s*\S/;

/** Whether a statement holding `node` carries a `contract-literal: <why>` comment just above it. */
function marked(context, node) {
  const source = context.sourceCode;
  for (let at = node; at && at.type !== 'Program'; at = at.parent) {
    if (!/Statement$|Declaration$|^PropertyDefinition$|^MethodDefinition$/.test(at.type)) continue;
    if (source.getCommentsBefore(at).some((comment) => MARKER.test(comment.value))) return true;
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noDestinationLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse STOMP destinations spelled by hand: generated/realtime builds them' },
    schema: [],
    messages: {
      destination: 'Destination {{value}} written by hand: use the builders and parsers of generated/realtime (or mark a deliberate wire-format check `contract-literal: <why>`).',
    },
  },
  create(context) {
    const check = (node, value) => {
      if (typeof value === 'string' && DESTINATION.test(value) && !marked(context, node)) {
        context.report({ node, messageId: 'destination', data: { value: JSON.stringify(value) } });
      }
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
    };
  },
};

const KEY_PROPERTIES = new Set(['queryKey', 'mutationKey']);

/** @type {import('eslint').Rule.RuleModule} */
export const noQueryKeyLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse query and mutation keys written as array literals: the generated key factories carry them' },
    schema: [],
    messages: { key: '{{property}} written by hand: use a generated key factory or the generated query/mutation options.' },
  },
  create(context) {
    return {
      Property(node) {
        const name = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? node.key.value : null;
        if (KEY_PROPERTIES.has(name) && node.value.type === 'ArrayExpression') {
          context.report({ node: node.value, messageId: 'key', data: { property: name } });
        }
      },
    };
  },
};

export const contractPlugin = {
  rules: { 'no-destination-literal': noDestinationLiteral, 'no-query-key-literal': noQueryKeyLiteral },
};
