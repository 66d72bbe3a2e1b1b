const REDACTED = '[redacted]';

/**
 * Path segments that are bearer secrets themselves: the token of a payment link, of a public
 * booking's manage page, of the pages that show them. Whoever reads the log must not be able to
 * use them. A route that puts a secret in its path adds its prefix here.
 */
const SECRET_PATH_SEGMENTS = [
  /^(\/v1\/payment-links\/)[^/?#]+/,
  /^(\/v1\/public-bookings\/)[^/?#]+/,
  /^(\/book\/manage\/)[^/?#]+/,
  /^(\/pay\/)[^/?#]+/,
];

/** Query parameters whose values are credentials whatever route they are sent to. */
const SECRET_PARAMETER = /key|token|secret|password|passwd|signature|sig$|auth|session|credential|code/i;

/** API key secrets (`sk_…`) anywhere in a URL, should a client put one where it does not belong. */
const API_KEY = /sk_[A-Za-z0-9_-]+/g;

/** The URL as it may be logged: secrets in the path and in the query string replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_PATH_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryStart === -1) return path.replace(API_KEY, REDACTED);
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`.replace(API_KEY, REDACTED);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
