// The room and people domain every screen shares, below the features (docs/client-core.md): what a room is called,
// what its policy lets the signed-in member do, whether a person matches a name search. Pure functions of the
// generated types; features import them from here, never from one another.
export { personMatches } from './people.ts';
export { entryAllows, policyEntry, roomAllows, POLICY_ROLE, type Viewer } from './policy.ts';
export { roomTitle } from './rooms.ts';
