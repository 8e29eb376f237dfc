// The zh_TW texts whole (the base file and every area's), one chunk loaded when a user reads zh_TW (../index.ts).
import base from './zh_TW.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

export const texts = { base: base as Tree, areas: Object.values(import.meta.glob<Tree>('./areas/*.zh_TW.json', { eager: true, import: 'default' })) };
