import { Button, ButtonGroup, HStack, IconButton, Pagination, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export const DEFAULT_PAGE_SIZE = 20;

export function pagesInTotal(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous, pager and next, with the spec's 'N pages in total, current page M'. */
export function PaginationBar(props: { total: number; page: number; pageSize?: number; onPageChange: (page: number) => void }) {
  const pageSize = props.pageSize ?? DEFAULT_PAGE_SIZE;
  const pages = pagesInTotal(props.total, pageSize);
  return (
    <HStack justify="flex-end" gap="4" py="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" data-testid="pagination-text">
        {pages} pages in total, current page {props.page}
      </Text>
      <Pagination.Root count={props.total} pageSize={pageSize} page={props.page} onPageChange={(details) => props.onPageChange(details.page)}>
        <ButtonGroup variant="ghost" size="sm">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label="Previous page">
              <ChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(page) => (
              <Button variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`Page ${page.value}`}>
                {page.value}
              </Button>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label="Next page">
              <ChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
