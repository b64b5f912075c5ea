import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { PaginationBar, pagesInTotal } from './pagination-bar';

afterEach(cleanup);

function renderBar(props: { total: number; page: number; pageSize?: number }) {
  const onPageChange = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <PaginationBar {...props} onPageChange={onPageChange} />
    </ChakraProvider>,
  );
  return onPageChange;
}

describe('PaginationBar', () => {
  it("says 'N pages in total, current page M' with 20 rows a page by default", () => {
    renderBar({ total: 45, page: 2 });
    expect(screen.getByTestId('pagination-text').textContent).toBe('3 pages in total, current page 2');
  });

  it('counts one page for an empty list', () => {
    expect(pagesInTotal(0, 20)).toBe(1);
    renderBar({ total: 0, page: 1 });
    expect(screen.getByTestId('pagination-text').textContent).toBe('1 pages in total, current page 1');
  });

  it('moves with previous, next and the pager', async () => {
    const onPageChange = renderBar({ total: 100, page: 2, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(3));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(1));
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(10));
  });
});
