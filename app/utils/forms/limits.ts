// Without zod: docs/speed.md 'What a page's JavaScript leaves out'.
export const MAX_EMAIL = 254;
export const MAX_ID = 64;
export const MAX_NAME = 100;
export const MAX_PHONE = 30;
