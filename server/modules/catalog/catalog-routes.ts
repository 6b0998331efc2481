import type { FastifyPluginAsync } from 'fastify';
import adsRoutes from './ads/ads-routes';
import businessesRoutes from './businesses/businesses-routes';
import favoritesRoutes from './favorites/favorites-routes';
import categoriesRoutes from './products/categories-routes';
import productsRoutes from './products/products-routes';
import searchRoutes from './search/search-routes';
import synonymsRoutes from './search/synonyms-routes';
import uploadsRoutes from './uploads/uploads-routes';
import userPageRoutes from './users/user-page-routes';
import { followCatalogChanges } from './common/catalog-changes';

/** The marketplace catalogue under `/v1`: businesses, products and services, ads, search, favorites, uploads. */
const catalogRoutes: FastifyPluginAsync = async (app) => {
  // Search results kept by this process must not outlive a change another API process made.
  await followCatalogChanges(app.database, app.log);
  await app.register(businessesRoutes);
  await app.register(productsRoutes);
  await app.register(categoriesRoutes);
  await app.register(adsRoutes);
  await app.register(favoritesRoutes);
  await app.register(searchRoutes);
  await app.register(synonymsRoutes);
  await app.register(userPageRoutes);
  await app.register(uploadsRoutes);
};

export default catalogRoutes;
