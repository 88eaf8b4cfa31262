export * from './model';
export * from './ports';
export * from './billing.service';
export { StripeGateway, type StripeGatewaySettings, type StripeModeConfig } from './stripe-gateway';
