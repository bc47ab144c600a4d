/** Types generated for queries found in "backend/src/modules/resources/resource-store.repository.ts" */

/** 'LockToolCategory' parameters type */
export interface ILockToolCategoryParams {
  id: number;
}

/** 'LockToolCategory' return type */
export interface ILockToolCategoryResult {
  title: string;
}

/** 'LockToolCategory' query type */
export interface ILockToolCategoryQuery {
  params: ILockToolCategoryParams;
  result: ILockToolCategoryResult;
}

/** 'CountToolsOfCategory' parameters type */
export interface ICountToolsOfCategoryParams {
  categoryId: number;
}

/** 'CountToolsOfCategory' return type */
export interface ICountToolsOfCategoryResult {
  count: number;
}

/** 'CountToolsOfCategory' query type */
export interface ICountToolsOfCategoryQuery {
  params: ICountToolsOfCategoryParams;
  result: ICountToolsOfCategoryResult;
}
