/** The product catalogue capability's public surface: code outside src/domain/products imports it from here. */
export { type CatalogueImpact, catalogueImpact, type ImpactSide, type ProductImpact } from './catalogue-impact';
export { impactTable, renderImpactReportPdf } from './impact-report';
export { impactTotalsView, productImpactView } from './impact-view';
export type { Money, Product, ProductChange, ProductClaim, ProductInput } from './model';
export { annualValueOf } from './product-input';
export type { ProductStore } from './ports';
export { type ProductImport, ProductNotFoundError, ProductService } from './product.service';
export { type ImpactRelease, releaseImpactEvents, tariffImpactEventType } from './release-impact';
