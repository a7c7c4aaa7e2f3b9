import { useState } from 'react'
import { SearchBar } from '@nutui/nutui-react-taro'

/** A search bar that keeps what is typed and reports it on search (Enter / the keyboard's search key) or clear. */
export default function SearchBox({ placeholder, onSearch, filter = (v) => v.trim() }: { placeholder: string; onSearch: (v: string) => void; filter?: (v: string) => string }) {
  const [text, setText] = useState('')
  return (
    <SearchBar
      placeholder={placeholder}
      value={text}
      onChange={(v) => setText(String(v))}
      onSearch={(v) => onSearch(filter(String(v ?? text)))}
      onClear={() => {
        setText('')
        onSearch('')
      }}
    />
  )
}
