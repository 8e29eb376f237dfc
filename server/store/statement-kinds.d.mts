export function isNameable(sql: string): boolean;
