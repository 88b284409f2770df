// The schema-free view of the contract's route table that web/tools/routePaths.ts generates.
declare module 'virtual:skydeck-routes' {
  import type { RoutePathTable, RouteTable } from '@skydeck/contract';
  export const routePaths: RoutePathTable<RouteTable>;
}
