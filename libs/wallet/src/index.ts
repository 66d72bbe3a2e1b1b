// The wallet context's public surface.
export { WalletModule, walletSchemas } from './wallet.module.js';
