/** `profileImageUrl` and the like: an absolute http(s) URL. */
export const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
export const HTTP_URL_MESSAGE = { message: 'must be an http(s) URL' };
