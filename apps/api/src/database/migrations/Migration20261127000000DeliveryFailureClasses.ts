import { Migration } from '@mikro-orm/migrations';

export class Migration20261127000000DeliveryFailureClasses extends Migration {
  override up(): void {
    // A delivery's `error` was the socket's or TLS library's own words, which can name hosts and
    // certificates of the service's network; the organisation now sees only the class of failure.
    this.addSql(`
      update webhook_deliveries set error = case
        when error like 'answered %' then 'http_status'
        when error like 'no answer within %' or error like '%ETIMEDOUT%' then 'timeout'
        when error like 'url names a host that does not resolve%' or error ~ 'ENOTFOUND|EAI_' then 'dns_error'
        when error like 'url %' or error like 'DNS lookup % is not allowed.%' then 'address_refused'
        when error like '%ECONNREFUSED%' then 'connection_refused'
        when error ~ 'ECONNRESET|EPIPE|socket hang up' then 'connection_reset'
        when error ~ 'SSL|TLS|certificate|altnames|EPROTO' then 'tls_error'
        else 'connection_failed'
      end
      where error is not null
        and error not in ('timeout', 'dns_error', 'address_refused', 'connection_refused', 'connection_reset', 'connection_failed', 'tls_error', 'http_status')`);
  }
}
