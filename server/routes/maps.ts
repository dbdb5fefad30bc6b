/**
 * GET /maps/reverse-geocode (the location item's address, spec 02 §7) through the geocode
 * provider, and the development server's own plain map tiles (config.ts DEV_TILE_PATH), so the
 * map works with no network and tests never reach a tile server.
 */
import { mapsReverseGeocode } from '@core/contract/maps';
import type { RouteContext } from '../route-context';
import type { App } from '../app-env';
import { refuse } from '@core/refusals';
import { DEV_TILE_PATH, type AppConfig } from '../config';
import { GeocodeError, type GeocodeProvider } from '../providers/geocode';

export const registerMapRoutes = (ctx: RouteContext, provider: GeocodeProvider | null): void => {
  const { log } = ctx.deps;
  ctx.route(mapsReverseGeocode, async ({ query }) => {
    if (!provider) throw refuse('geocode_off');
    try {
      return { result: 'OK', data: { address: await provider.reverse(query.lat, query.lng) } };
    } catch (e) {
      if (!(e instanceof GeocodeError)) throw e;
      log('warn', { msg: 'reverse geocoding failed', error: e.message });
      throw refuse('geocode_error');
    }
  });
};

// A 1×1 light green PNG: Leaflet stretches it over the 256-pixel tile.
const PLAIN_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eEBAAV8Arl9qM5WAAAAAElFTkSuQmCC', 'base64');

export const registerDevTiles = (app: App, config: Pick<AppConfig, 'mapTiles'>): void => {
  if (!config.mapTiles.url.startsWith(`${DEV_TILE_PATH}/`)) return;
  app.get(`${DEV_TILE_PATH}/:z/:x/:y`, (c) =>
    c.body(PLAIN_TILE, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' }),
  );
};
