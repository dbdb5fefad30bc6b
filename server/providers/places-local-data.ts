/** The local facility search's dataset (fictional facilities; phones in Google's +81 form). */
export interface LocalFacility {
  prefecture: string;
  name: string;
  address: string;
  phone?: string;
  lat: number;
  lng: number;
}

export const LOCAL_FACILITIES: readonly LocalFacility[] = [
  { prefecture: '東京都', name: 'さくら市民病院 東京分院', address: '千代田区丸の内1丁目9-1', phone: '+81 3-1234-5678', lat: 35.6812, lng: 139.7671 },
  { prefecture: '東京都', name: '丸の内さくらクリニック', address: '千代田区丸の内2丁目4-1', phone: '+81 3-2345-6789', lat: 35.6804, lng: 139.7638 },
  { prefecture: '東京都', name: '新宿中央ワクチン接種会場', address: '新宿区西新宿2丁目8-1', lat: 35.6896, lng: 139.6921 },
  { prefecture: '東京都', name: '世田谷ひまわり内科', address: '世田谷区世田谷4丁目21-27', phone: '+81 3-5432-1098', lat: 35.6464, lng: 139.6533 },
  { prefecture: '神奈川県', name: '横浜みなと病院', address: '横浜市中区日本大通1', phone: '+81 45-123-4567', lat: 35.4478, lng: 139.6425 },
  { prefecture: '大阪府', name: 'なにわ市民病院', address: '大阪市中央区大手前2丁目', phone: '+81 6-6123-4567', lat: 34.6863, lng: 135.52 },
  { prefecture: '大阪府', name: '梅田さくらクリニック', address: '大阪市北区梅田3丁目1-1', phone: '+81 6-6345-6789', lat: 34.7025, lng: 135.4959 },
  { prefecture: '愛知県', name: '名古屋さくら病院', address: '名古屋市中区三の丸3丁目1-2', phone: '+81 52-123-4567', lat: 35.1802, lng: 136.9066 },
  { prefecture: '福岡県', name: 'さくら市民病院', address: '福岡市博多区東公園7-7', phone: '+81 92-123-4567', lat: 33.6064, lng: 130.4181 },
  { prefecture: '福岡県', name: '天神さくら内科クリニック', address: '福岡市中央区天神1丁目8-1', phone: '+81 92-234-5678', lat: 33.5902, lng: 130.3989 },
  { prefecture: '福岡県', name: '博多駅前こども診療所', address: '福岡市博多区博多駅中央街1-1', phone: '+81 92-345-6789', lat: 33.5897, lng: 130.4207 },
  { prefecture: '福岡県', name: '北九州市民会館 集団接種会場', address: '北九州市小倉北区大手町11-4', lat: 33.8834, lng: 130.8752 },
  { prefecture: '北海道', name: '札幌すずらん病院', address: '札幌市中央区北3条西6丁目', phone: '+81 11-123-4567', lat: 43.0642, lng: 141.3469 },
  { prefecture: '沖縄県', name: '那覇うりずんクリニック', address: '那覇市泉崎1丁目2-2', phone: '+81 98-123-4567', lat: 26.2124, lng: 127.6809 },
];
