// The practitioners context's public surface.
export { PractitionersModule, practitionerSchemas } from './practitioners.module.js';
