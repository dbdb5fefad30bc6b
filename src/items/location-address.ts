/**
 * A position to the location item's value: the address from the server's reverse geocoding
 * (GET /maps/reverse-geocode), then "address|lat|lng". Throws the text to show when no address
 * can be had, so the item keeps its old value rather than storing a bare position.
 */
import { mapsReverseGeocode } from '@core/contract/maps';
import { formatLocationValue } from '@core/items/location';
import { call, unwrap } from '../lib/api';
import { jaScreens } from '../messages/ja-screens';

export class LocationError extends Error {}

export const locationValueAt = async (lat: number, lng: number): Promise<string> => {
  let address: string | null;
  try {
    address = unwrap(await call(mapsReverseGeocode, { query: { lat, lng } })).address;
  } catch {
    throw new LocationError(jaScreens.location.geocodeError);
  }
  if (!address) throw new LocationError(jaScreens.location.noAddress);
  return formatLocationValue({ address, lat, lng });
};

/** The device's position (spec 02 §2 位置情報を入力); rejects with the text to show. */
export const devicePosition = (): Promise<{ lat: number; lng: number }> =>
  new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationError(jaScreens.location.deviceError));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => reject(new LocationError(jaScreens.location.deviceError)),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
