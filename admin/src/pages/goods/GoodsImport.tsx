import { Typography } from 'antd'
import { goodsExportUrl, importGoods } from '../../api/goods'
import { CsvUpload } from '../../components/CsvUpload'

/**
 * 导入商品: the format first (the export is the template), then a CSV file; the report names every line left out
 * and why. Known 货号 update their SKU; new 货号 make goods off the shelf (one goods per 商品名称).
 */
export function GoodsImport({ onDone, iconOnly }: { onDone: () => void; iconOnly?: boolean }) {
  return (
    <CsvUpload
      label='导入商品'
      iconOnly={iconOnly}
      onDone={onDone}
      send={async (csv) => {
        const r = await importGoods({ csv })
        return {
          summary: `更新 ${r.updated} 个规格，新建 ${r.created} 件商品${r.failed.length ? `，${r.failed.length} 行未导入` : ''}`,
          changed: r.created + r.updated > 0,
          failed: r.failed,
        }
      }}
      intro={
        <>
          <Typography.Paragraph>
            表格与「导出商品」相同，可先
            <a href={goodsExportUrl()} download style={{ textDecoration: 'underline' }}>
              导出商品
            </a>
            作为模板。每行一个规格，按<Typography.Text strong>货号</Typography.Text>识别：
          </Typography.Paragraph>
          <ul style={{ paddingLeft: 20 }}>
            <li>货号已存在：更新该规格的售价、划线价、成本价、库存、条码和重量（空白的格子保持不变）。</li>
            <li>货号是新的：按商品名称新建商品（同名的行为同一商品的不同规格），新商品为下架状态，须填写二级分类的名称。</li>
            <li>规格写成「颜色:红；尺码:M」；金额以元为单位；图片填 https 开头的网址（可不填，上架前在编辑页上传）。</li>
            <li>必填列：商品名称、货号、售价。一次最多 2000 行，文件不超过 1 MB。</li>
          </ul>
        </>
      }
    />
  )
}
