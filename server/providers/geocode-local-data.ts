/** The local reverse geocoder's dataset: a few municipalities (their offices' areas), for development and tests. */
export interface Municipality {
  prefecture: string;
  city: string;
  area: string;
  postcode: string;
  lat: number;
  lng: number;
}

export const MUNICIPALITIES: readonly Municipality[] = [
  { prefecture: '北海道', city: '札幌市中央区', area: '北１条西２丁目', postcode: '060-8611', lat: 43.0621, lng: 141.3544 },
  { prefecture: '宮城県', city: '仙台市青葉区', area: '国分町３丁目', postcode: '980-8671', lat: 38.2682, lng: 140.8694 },
  { prefecture: '東京都', city: '千代田区', area: '丸の内１丁目', postcode: '100-0005', lat: 35.6812, lng: 139.7671 },
  { prefecture: '東京都', city: '新宿区', area: '西新宿２丁目', postcode: '163-8001', lat: 35.6896, lng: 139.6921 },
  { prefecture: '東京都', city: '世田谷区', area: '世田谷４丁目', postcode: '154-8504', lat: 35.6464, lng: 139.6533 },
  { prefecture: '東京都', city: '八王子市', area: '元本郷町３丁目', postcode: '192-8501', lat: 35.6664, lng: 139.316 },
  { prefecture: '神奈川県', city: '横浜市中区', area: '本町６丁目', postcode: '231-0005', lat: 35.4503, lng: 139.6342 },
  { prefecture: '埼玉県', city: 'さいたま市浦和区', area: '常盤６丁目', postcode: '330-0061', lat: 35.8617, lng: 139.6455 },
  { prefecture: '千葉県', city: '千葉市中央区', area: '千葉港', postcode: '260-0026', lat: 35.6074, lng: 140.1065 },
  { prefecture: '愛知県', city: '名古屋市中区', area: '三の丸３丁目', postcode: '460-0001', lat: 35.1815, lng: 136.9066 },
  { prefecture: '京都府', city: '京都市中京区', area: '寺町通御池上る上本能寺前町', postcode: '604-8571', lat: 35.0116, lng: 135.7681 },
  { prefecture: '大阪府', city: '大阪市北区', area: '中之島１丁目', postcode: '530-0005', lat: 34.6937, lng: 135.5023 },
  { prefecture: '兵庫県', city: '神戸市中央区', area: '加納町６丁目', postcode: '650-0001', lat: 34.6901, lng: 135.1955 },
  { prefecture: '広島県', city: '広島市中区', area: '国泰寺町１丁目', postcode: '730-0042', lat: 34.3853, lng: 132.4553 },
  { prefecture: '福岡県', city: '福岡市中央区', area: '天神１丁目', postcode: '810-0001', lat: 33.5902, lng: 130.3989 },
  { prefecture: '福岡県', city: '北九州市小倉北区', area: '大手町', postcode: '803-0814', lat: 33.8834, lng: 130.8752 },
  { prefecture: '熊本県', city: '熊本市中央区', area: '手取本町', postcode: '860-0806', lat: 32.8031, lng: 130.7079 },
  { prefecture: '鹿児島県', city: '鹿児島市', area: '山下町', postcode: '892-0816', lat: 31.5966, lng: 130.5571 },
  { prefecture: '沖縄県', city: '那覇市', area: '泉崎１丁目', postcode: '900-0021', lat: 26.2124, lng: 127.6792 },
];
