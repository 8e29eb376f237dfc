// The zh_CN texts whole (the base file and every area's), one chunk loaded when a user reads zh_CN (../index.ts).
import base from './zh_CN.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

export const texts = { base: base as Tree, areas: Object.values(import.meta.glob<Tree>('./areas/*.zh_CN.json', { eager: true, import: 'default' })) };
