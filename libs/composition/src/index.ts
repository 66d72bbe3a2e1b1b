// The composition above the contexts: what the app mounts for answers that span several of them.
export { CompositionModule } from './composition.module.js';
