export default definePageConfig({ navigationBarTitleText: '商品评价', navigationStyle: 'custom' })
