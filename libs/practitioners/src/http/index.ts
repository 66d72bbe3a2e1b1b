// The practitioners context's resources as other contexts' answers embed them.
export { ProviderResponse } from './dto/provider.response.js';
export { ProviderLocationLinkResponse } from './dto/location-link.response.js';
