import { NativeSelect } from '@chakra-ui/react';

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
