// SQL fragments both backends write the same way.

export const pageClause = (page: { pageNum: number; pageSize: number } | null): string =>
  page ? ` LIMIT ${Math.floor(page.pageSize)} OFFSET ${Math.floor((page.pageNum - 1) * page.pageSize)}` : '';

export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
