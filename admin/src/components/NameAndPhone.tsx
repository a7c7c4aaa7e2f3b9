import { Typography } from 'antd'

/** A person in a table cell: the name, and the phone under it in secondary text. */
export function NameAndPhone({ name, phone }: { name: string; phone: string }) {
  return (
    <>
      {name}
      <br />
      <Typography.Text type='secondary'>{phone}</Typography.Text>
    </>
  )
}
