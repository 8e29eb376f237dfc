// Shared room settings: updateroomname, updateroompolicy, get/updateselfdestructsetting,
// saveroomprofileimage (multipart `file` or imgData), removeroomprofileimage.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { uploadedImage } from '../../services/rooms/images.ts';
import {
  getSelfDestruct,
  removeProfileImage,
  renameRoom,
  saveProfileImage,
  updatePolicy,
  updateSelfDestruct,
} from '../../services/rooms/settings.ts';
import { roomIdOf } from './session.ts';

export function settingHandlers(ctx: ServerContext) {
  return {
    updateRoomName: async (input) => renameRoom(ctx, input.session, roomIdOf(input.body), input.body.roomName),
    updateRoomPolicy: async (input) => updatePolicy(ctx, input.session, roomIdOf(input.body), input.body.policyAttr),
    getSelfDestructSetting: async (input) => getSelfDestruct(ctx, input.session, roomIdOf(input.body)),
    updateSelfDestructSetting: async (input) => updateSelfDestruct(ctx, input.session, roomIdOf(input.body), input.body),
    saveRoomProfileImage: async (input) =>
      saveProfileImage(ctx, input.session, roomIdOf(input.body), uploadedImage(input.files, input.body.imgData)),
    removeRoomProfileImage: async (input) => removeProfileImage(ctx, input.session, roomIdOf(input.body)),
  } satisfies HandlerMap;
}
