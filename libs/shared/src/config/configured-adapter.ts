/**
 * The adapter a setting names (`HEALTH_FUND_GATEWAY=test`, `PAYOUT_BANK=stripe`), made when the app
 * starts; a name it does not know stops the start with the names it does.
 */
export function configuredAdapter<T>(variable: string, setting: string, adapters: Record<string, () => T>): T {
  if (!Object.hasOwn(adapters, setting))
    throw new Error(`${variable} "${setting}" is not supported; use one of: ${Object.keys(adapters).join(', ')}`);
  return adapters[setting]();
}
