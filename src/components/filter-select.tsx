import { Input, NativeSelect } from '@chakra-ui/react';

export interface FilterOption {
  value: string;
  label: string;
}

/** A list page's filter: a labelled native select whose empty choice (`all`) clears the filter. */
export const filterSelect = (label: string, value: string, onChange: (value: string) => void, options: FilterOption[], all: string, width = '44') => (
  <NativeSelect.Root size="sm" width={width}>
    <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect.Field>
    <NativeSelect.Indicator />
  </NativeSelect.Root>
);

export interface SearchFilter {
  /** The field's accessible name; also its placeholder unless one is given. */
  label: string;
  placeholder?: string;
  value: string;
  /** Called with the trimmed text on Enter, and on leaving the field when the text changed. */
  onSearch: (text: string) => void;
  width?: string;
}

/** A list page's text search, applied on Enter or when the field is left, not on every key. */
export const searchFilter = ({ label, placeholder = label, value, onSearch, width = '56' }: SearchFilter) => (
  <Input
    size="sm"
    width={width}
    type="search"
    aria-label={label}
    placeholder={placeholder}
    defaultValue={value}
    onKeyDown={(event) => event.key === 'Enter' && onSearch(event.currentTarget.value.trim())}
    onBlur={(event) => event.currentTarget.value.trim() !== value && onSearch(event.currentTarget.value.trim())}
  />
);
