// The room and people domain every screen shares, below the features (docs/client-core.md): what a room is called,
// what its policy lets the signed-in member do, whether a person matches a name search, the names people took while
// signed in. Pure functions of the generated types and the data hooks over them; features import them from here,
// never from one another.
export { canSaveToAlbum } from './album.ts';
export { deletionOf, type Deletion } from './deletions.ts';
export { sizeParts } from './fileSize.ts';
export { kindPreview, type PreviewMessage } from './messagePreview.ts';
export { liveName, personName, rememberName, useLiveNames, type LiveNames } from './names.ts';
export { personMatches } from './people.ts';
export { entryAllows, policyEntry, roomAllows, useFunctionRoles, POLICY_ROLE, type Viewer } from './policy.ts';
export { roomFromCache, upsertRoomInCache, useAllRooms, useRoom, useRooms } from './roomList.ts';
export { nameLength, roomTitle, sortRooms } from './rooms.ts';
export { systemLineText } from './systemLine.ts';
