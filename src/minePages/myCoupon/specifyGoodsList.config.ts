export default definePageConfig({ navigationBarTitleText: '适用商品', navigationStyle: 'custom' })
