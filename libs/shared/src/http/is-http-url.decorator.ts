import { IsUrl } from 'class-validator';

/** An absolute http(s) URL (a profile image, a website): any host, `localhost` included. The one rule every URL field uses. */
export const IsHttpUrl = (): PropertyDecorator =>
  IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'must be an http(s) URL' },
  );
