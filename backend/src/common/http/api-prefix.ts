/** Every API route starts with /api (the web apps and /media live beside it on the same origin). */
export const API_PREFIX = 'api';
