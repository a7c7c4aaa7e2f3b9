import { useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { Checkbox } from '@nutui/nutui-react-taro'

/**
 * The 管理 / 完成 edit mode of a list of goods rows (my collects, my footprints): in edit mode a tap on a row
 * selects it (a checkbox shows before it) instead of opening the goods; leaving or entering it clears the selection.
 */
export function useEditMode<K extends string | number>() {
  const [editing, setEditing] = useState(false)
  const [selected, setSelected] = useState<K[]>([])
  const isSelected = (key: K) => selected.includes(key)
  const toggle = (key: K) => setSelected((s) => (s.includes(key) ? s.filter((x) => x !== key) : [...s, key]))
  return {
    editing,
    selected,
    setSelected,
    isSelected,
    toggle,
    /** Back to the plain list (after everything was removed). */
    leave: () => {
      setEditing(false)
      setSelected([])
    },
    /** GoodsCard props of a row: in edit mode, its checkbox (in a View of `checkClass`) and a tap that selects it. */
    rowProps: (key: K, checkClass: string) =>
      editing
        ? {
            onClick: () => toggle(key),
            leading: (
              <View className={checkClass}>
                <Checkbox checked={selected.includes(key)} />
              </View>
            ),
          }
        : { onClick: undefined, leading: undefined },
    /**
     * PageLayout props of the list page: the 管理 / 完成 switch (class `switchClass`) in the header while the list
     * has rows, and in edit mode the action bar `bar` as the footer.
     */
    pageProps: (hasRows: boolean, switchClass: string, bar: ReactNode) => ({
      right: hasRows ? (
        <Text
          className={switchClass}
          onClick={() => {
            setEditing(!editing)
            setSelected([])
          }}
        >
          {editing ? '完成' : '管理'}
        </Text>
      ) : undefined,
      footer: editing ? bar : undefined,
    }),
  }
}
