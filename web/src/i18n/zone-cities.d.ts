// The per-language city maps web/zone-cities.ts builds.
declare module 'virtual:zone-cities/*' {
  const cities: Record<string, string>;
  export default cities;
}
