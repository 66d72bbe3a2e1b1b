// The organisations context's resources as other contexts' answers embed them: their http layers
// render organisations' views with these, so a location has one shape everywhere.
export { AddressResponse, LocationResponse } from './dto/location.response.js';
export { BusinessResponse } from './dto/business.response.js';
export { BookingSettingsFields } from './dto/booking-settings.response.js';
