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
import { roomIdOf, viewerOf } from './session.ts';

export function settingHandlers(ctx: ServerContext): HandlerMap {
  return {
    updateRoomName: async (input) => renameRoom(ctx, viewerOf(input), roomIdOf(input.body), input.body.roomName),
    updateRoomPolicy: async (input) => updatePolicy(ctx, viewerOf(input), roomIdOf(input.body), input.body.policyAttr),
    getSelfDestructSetting: async (input) => getSelfDestruct(ctx, viewerOf(input), roomIdOf(input.body)),
    updateSelfDestructSetting: async (input) => updateSelfDestruct(ctx, viewerOf(input), roomIdOf(input.body), input.body),
    saveRoomProfileImage: async (input) =>
      saveProfileImage(ctx, viewerOf(input), roomIdOf(input.body), uploadedImage(input.files, input.body.imgData)),
    removeRoomProfileImage: async (input) => removeProfileImage(ctx, viewerOf(input), roomIdOf(input.body)),
  };
}
