// The English texts of the areas the login page does not show (rooms, messages, settings, …): one chunk, loaded
// after start-up (loadLateTexts in ./index.ts) instead of with the login page.
type Tree = { [key: string]: string | Tree };

export const lateEnglishAreas: Tree[] = Object.values(
  import.meta.glob<Tree>(['./areas/*.en_US.json', '!./areas/login.en_US.json'], { eager: true, import: 'default' }),
);
