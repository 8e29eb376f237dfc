import { describe, expect, it } from 'vitest';
import type { Room } from '@generated/types/index';
import { pictureBatches, pictureUrl } from './pictures.ts';

describe('pictureBatches', () => {
  it('asks group pictures by room and single chats by the other person, sorted, in batches', () => {
    const rooms: Room[] = [
      { roomId: '5', roomType: 'MULTIPLE' },
      { roomId: '2', roomType: 'SINGLE', singleRoomAccountId: '20' },
      { roomId: '3', roomType: 'BROADCAST' },
      { roomId: '1', roomType: 'MULTIPLE' },
      { roomId: '4', roomType: 'SINGLE', singleRoomAccountId: '20' },
      { roomId: '6', roomType: 'SINGLE' },
    ];
    expect(pictureBatches(rooms, 2)).toEqual({ roomIds: [['1', '3'], ['5']], accountIds: [['20']] });
    expect(pictureBatches([], 20)).toEqual({ roomIds: [], accountIds: [] });
  });
});

describe('pictureUrl', () => {
  it('prefers the thumbnail and hides what privacy hides', () => {
    expect(pictureUrl({ img: 'full', img_tn: 'tn' })).toBe('data:image/*;base64,tn');
    expect(pictureUrl({ img: 'full' })).toBe('data:image/*;base64,full');
    expect(pictureUrl({ img_tn: 'tn', visible: false })).toBeUndefined();
    expect(pictureUrl(undefined)).toBeUndefined();
  });
});
